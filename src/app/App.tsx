import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from '../router/createAppRouter';
import { AppProviders } from './AppProviders';
import './global.css';

// One router for the page's lifetime, created outside React so StrictMode's double rendering cannot
// create a second one (the session store navigates through the router bound here).
const router = createAppRouter();

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
