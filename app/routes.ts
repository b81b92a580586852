import { type RouteConfig, index, route } from '@react-router/dev/routes'

// The explicit route table (spec section 2). Each screen is one module in app/routes;
// the JSON API twins live in app/routes/api.
export default [
  index('routes/home.tsx'),
  route('login', 'routes/auth.tsx', { id: 'login' }),
  route('register', 'routes/auth.tsx', { id: 'register' }),
  route('logout', 'routes/logout.tsx'),
  route('support', 'routes/support.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('unauthorized', 'routes/unauthorized.tsx'),

  route('api/auth/login', 'routes/api/auth.login.ts'),
  route('api/auth/register', 'routes/api/auth.register.ts'),
  route('api/auth/logout', 'routes/api/auth.logout.ts'),
  route('api/*', 'routes/api/not-found.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
