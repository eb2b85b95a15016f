// The inbox's browser entry (inbox.html). Rendered in the browser only: it is
// private, so nothing is gained by prerendering it.
import { createRoot } from 'react-dom/client';
import { InboxApp } from './inbox-app.js';
import './inbox.css';
// After inbox.css: the owner's colour wins over the inbox's default.
import 'virtual:theme.css';

createRoot(document.getElementById('root')!).render(<InboxApp />);
