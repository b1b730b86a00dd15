import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from '../router/createAppRouter';
import './global.css';

// One router for the page's lifetime, created outside React so StrictMode's double rendering cannot
// create a second one (the session store navigates through the router bound here).
export const router = createAppRouter();

/**
 * The app: the router alone. antd's providers (AppProviders) are put around the pages by the root route
 * (router/RootShell), which leaves them out for the login page, so that page loads no antd.
 */
export function App() {
  return <RouterProvider router={router} />;
}
