import { expect, test } from 'vitest'
import { clusterByScreenDistance } from './marker-clusters.ts'

const at = (name: string, x: number, y: number) => ({ name, x, y })
const names = (clusters: { members: { name: string }[] }[]) => clusters.map((cluster) => cluster.members.map((member) => member.name))

test('markers closer than the radius to a cluster anchor join it; the rest stand alone', () => {
  const items = [at('a', 0, 0), at('b', 30, 0), at('c', 100, 0), at('d', 0, 43), at('e', 0, 44)]

  const clusters = clusterByScreenDistance(items, (item) => item, 44)

  expect(names(clusters)).toEqual([['a', 'b', 'd'], ['c'], ['e']])
  expect(clusters.map((cluster) => cluster.anchor.name)).toEqual(['a', 'c', 'e'])
})

test('the order decides the anchors: the first item of a heap anchors it', () => {
  const items = [at('far', 200, 200), at('x', 0, 0), at('y', 10, 10)]

  expect(names(clusterByScreenDistance(items, (item) => item, 44))).toEqual([['far'], ['x', 'y']])
})

test('no items, no clusters', () => {
  expect(clusterByScreenDistance([], () => ({ x: 0, y: 0 }), 44)).toEqual([])
})
