// The inbox's browser entry (inbox.html). Rendered in the browser only: it is
// private, so nothing is gained by prerendering it.
import { createRoot } from 'react-dom/client';
import { InboxApp } from './inbox-app.js';
import './inbox.css';

createRoot(document.getElementById('root')!).render(<InboxApp />);
