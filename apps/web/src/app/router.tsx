import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

/** The browser's router over the app's one route table. */
export const router = createBrowserRouter(routes);
