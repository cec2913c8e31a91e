// STUB entry: the shell work (issue 2) builds the backend, the store and mounts the router.
import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('root')!).render(<div>Loading...</div>);
