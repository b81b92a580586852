// The few smallest of many, in order, without sorting them all: a max-heap of at most `count` entries, so
// an entry that cannot be among them costs one comparison (the map's nearest 100 of thousands). Pure.

type Entry<T> = { rank: number; tieBreak: number; value: T }

const isAfter = <T,>(a: Entry<T>, b: Entry<T>) => a.rank > b.rank || (a.rank === b.rank && a.tieBreak > b.tieBreak)

/** Collects the `count` values with the smallest (rank, tieBreak), as a sort by rank then tieBreak orders them. */
export function smallestFirst<T>(count: number) {
  const heap: Entry<T>[] = []
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j]!, heap[i]!])
  /** The largest kept, at the top of the heap: an entry not before it is not kept once the heap is full. */
  const wouldKeep = (rank: number, tieBreak: number) => {
    const largest = heap[0]
    return count > 0 && (heap.length < count || !largest || rank < largest.rank || (rank === largest.rank && tieBreak < largest.tieBreak))
  }
  return {
    offer(rank: number, tieBreak: number, value: T) {
      if (!wouldKeep(rank, tieBreak)) return
      const entry = { rank, tieBreak, value }
      if (heap.length < count) {
        heap.push(entry)
        for (let index = heap.length - 1; index > 0; ) {
          const parent = (index - 1) >> 1
          if (!isAfter(heap[index]!, heap[parent]!)) break
          swap(index, parent)
          index = parent
        }
        return
      }
      heap[0] = entry
      for (let index = 0; ; ) {
        const [left, right] = [2 * index + 1, 2 * index + 2]
        let largest = index
        if (left < heap.length && isAfter(heap[left]!, heap[largest]!)) largest = left
        if (right < heap.length && isAfter(heap[right]!, heap[largest]!)) largest = right
        if (largest === index) break
        swap(index, largest)
        index = largest
      }
    },
    /** The rank an entry must stay under (or equal, with a smaller tie-break) to be kept now. */
    get cutoff() {
      if (count === 0) return Number.NEGATIVE_INFINITY
      return heap.length < count ? Number.POSITIVE_INFINITY : heap[0]!.rank
    },
    /** What was kept, smallest first. */
    inOrder(): T[] {
      return heap.toSorted((a, b) => a.rank - b.rank || a.tieBreak - b.tieBreak).map(({ value }) => value)
    },
  }
}
