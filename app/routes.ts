import { type RouteConfig, index, route } from '@react-router/dev/routes'

// The explicit route table (spec section 2). Each screen is one module in app/routes.
export default [
  index('routes/home.tsx'),
  route('support', 'routes/support.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
