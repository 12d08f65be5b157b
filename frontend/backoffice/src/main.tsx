import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// The back-office issue replaces this placeholder with the react-admin app.
function App() {
  return (
    <main>
      <h1>Yönetim Paneli</h1>
      <p>Bayi, satış yöneticisi ve yönetici ekranları yakında burada.</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
