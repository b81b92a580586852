// Markers closer than a finger's width on screen are drawn as one numbered cluster (at the city zoom
// the demo's 40 sitters would otherwise be one heap of overlapping avatars). Greedy and small: the map
// never holds more than 100 sitters. Pure, so it is tested without a browser.

export type ScreenPoint = { x: number; y: number }

export type Cluster<T> = {
  /** The first item of the cluster, in the order given: the cluster is drawn at its position. */
  anchor: T
  members: T[]
}

/**
 * Groups `items` (in order, so the first ones anchor the clusters) whose screen positions lie within
 * `radius` pixels of a cluster's anchor. An item alone is a cluster of one.
 */
export function clusterByScreenDistance<T>(items: readonly T[], positionOf: (item: T) => ScreenPoint, radius: number): Cluster<T>[] {
  const clusters: (Cluster<T> & { at: ScreenPoint })[] = []
  for (const item of items) {
    const at = positionOf(item)
    const near = clusters.find((cluster) => Math.hypot(cluster.at.x - at.x, cluster.at.y - at.y) < radius)
    if (near) near.members.push(item)
    else clusters.push({ anchor: item, members: [item], at })
  }
  return clusters.map(({ anchor, members }) => ({ anchor, members }))
}
