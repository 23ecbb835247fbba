import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'todo-write/styles.css';
import './demo.css';
import { App } from './app.js';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
