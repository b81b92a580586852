import { type RouteConfig, index, route } from '@react-router/dev/routes'

// The explicit route table (spec section 2). Each screen is one module in app/routes;
// the JSON API twins live in app/routes/api.
export default [
  index('routes/home.tsx'),
  route('login', 'routes/auth.tsx', { id: 'login' }),
  route('register', 'routes/auth.tsx', { id: 'register' }),
  route('login/success', 'routes/login-success.tsx'),
  route('logout', 'routes/logout.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('onboarding', 'routes/onboarding.tsx'),
  route('onboarding/:flow/:step?', 'routes/onboarding-step.tsx'),
  route('support', 'routes/support.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('profile', 'routes/profile.tsx'),
  route('profile/edit', 'routes/profile-edit.tsx'),
  route('unauthorized', 'routes/unauthorized.tsx'),

  route('api/auth/login', 'routes/api/auth.login.ts'),
  route('api/auth/register', 'routes/api/auth.register.ts'),
  route('api/auth/logout', 'routes/api/auth.logout.ts'),
  route('api/auth/google', 'routes/api/auth.google.ts'),
  route('api/auth/google/callback', 'routes/api/auth.google.callback.ts'),
  route('api/users/profile/photo', 'routes/api/users.profile-photo.ts'),
  route('api/geocode', 'routes/api/geocode.ts'),
  route('api/geocode/reverse', 'routes/api/geocode.reverse.ts'),
  route('api/users/me', 'routes/api/users.me.ts'),
  route('api/users/:id', 'routes/api/users.$id.ts'),
  route('api/*', 'routes/api/not-found.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
