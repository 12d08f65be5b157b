import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// The storefront issue replaces this placeholder with the public site.
function App() {
  return (
    <main>
      <h1>eSIM</h1>
      <p>Seyahatiniz için mobil veri paketleri yakında burada.</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
