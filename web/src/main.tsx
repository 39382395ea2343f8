import { createRoot } from 'react-dom/client';
import { useEffect, useState } from 'react';

const apiUrl = import.meta.env.VITE_SUPABASE_URL as string;

function App() {
  const [status, setStatus] = useState('checking');
  useEffect(() => {
    fetch(`${apiUrl}/auth/v1/health`, { headers: { apikey: import.meta.env.VITE_SUPABASE_ANON_KEY as string } })
      .then((r) => setStatus(r.ok ? 'ok' : `error ${r.status}`))
      .catch(() => setStatus('unreachable'));
  }, []);
  return <main data-testid="stack-status">LinkVault — stack {status}</main>;
}

createRoot(document.getElementById('root')!).render(<App />);
