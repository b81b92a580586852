import { describe, expect, test } from 'vitest'
import { describeRefusedPhotos, photoMessages, takePhotos } from './photo-rules.ts'

const file = (name: string, type = 'image/jpeg', size = 1000) => ({ name, type, size })
const limit = 'Maximum of 3 photos reached - delete a photo to add new ones'

describe('takePhotos', () => {
  test('takes pictures in the order chosen while there is room, and names the others by reason', () => {
    const chosen = [file('a.jpg'), file('notes.txt', 'text/plain'), file('b.png', 'image/png'), file('huge.jpg', 'image/jpeg', 6 * 1024 * 1024), file('c.jpg'), file('d.jpg')]

    const { taken, refused } = takePhotos(chosen, 2, limit)

    expect(taken.map((f) => f.name)).toEqual(['a.jpg', 'b.png'])
    expect(refused).toEqual([
      { message: photoMessages.notAnImage, names: ['notes.txt'] },
      { message: photoMessages.tooLarge, names: ['huge.jpg'] },
      { message: limit, names: ['c.jpg', 'd.jpg'] },
    ])
  })

  test("a HEIC photo is refused saying so (decision 117); an image/heif file, which may be AV1, is left to the server", () => {
    const { taken, refused } = takePhotos([file('IMG_0042.HEIC', 'image/heic'), file('burst.heics', 'IMAGE/HEIC-SEQUENCE'), file('dog.heif', 'image/heif')], 3, limit)

    expect(taken.map((f) => f.name)).toEqual(['dog.heif'])
    expect(refused).toEqual([{ message: 'HEIC photos cannot be read: please choose a JPEG or PNG', names: ['IMG_0042.HEIC', 'burst.heics'] }])
  })

  test('a file of exactly 5 MB is taken; a file without a type is left to the server', () => {
    const { taken } = takePhotos([file('five.jpg', 'image/jpeg', 5 * 1024 * 1024), file('scan', '')], 3, limit)
    expect(taken.map((f) => f.name)).toEqual(['five.jpg', 'scan'])
  })
})

test('describeRefusedPhotos names the files after the message', () => {
  expect(describeRefusedPhotos({ message: limit, names: ['c.jpg', 'd.jpg'] })).toBe(`${limit}. Not added: c.jpg, d.jpg`)
  expect(describeRefusedPhotos({ message: limit, names: [] })).toBe(limit)
})
