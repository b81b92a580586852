import { AsyncLocalStorage } from 'node:async_hooks'
import type { CompiledQuery } from 'kysely'
import { vi } from 'vitest'
import { db } from '#app/lib/db.server.ts'

// The statements one piece of work runs, and only those: work still under way from an earlier test (an event
// handled after its request answered, a notice to other instances) runs on the same pool and would otherwise
// be counted too, as it was once in CI.
const tracked = new AsyncLocalStorage<CompiledQuery[]>()

export async function statementsOf<T>(run: () => Promise<T>): Promise<{ result: T; statements: CompiledQuery[] }> {
  const executor = db.getExecutor()
  const executeQuery = executor.executeQuery.bind(executor)
  const spy = vi.spyOn(executor, 'executeQuery').mockImplementation((...args: Parameters<typeof executeQuery>) => {
    tracked.getStore()?.push(args[0])
    return executeQuery(...args)
  })
  const statements: CompiledQuery[] = []
  try {
    return { result: await tracked.run(statements, run), statements }
  } finally {
    spy.mockRestore()
  }
}
