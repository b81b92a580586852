// The service worker (public/sw.js, decision 052) is registered from the client bundle after hydration, never
// from an inline script (the CSP allows none but hashed or nonced ones), so a page without JavaScript works as
// before. Its scope is the whole site: it is served from the root.

export const serviceWorkerUrl = '/sw.js'

export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return
  navigator.serviceWorker.register(serviceWorkerUrl, { scope: '/' }).catch((error: unknown) => {
    console.warn(`The service worker could not be registered: ${String(error)}`)
  })
}
