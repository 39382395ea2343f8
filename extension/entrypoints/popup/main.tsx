import { createRoot } from 'react-dom/client';

const apiUrl = import.meta.env.VITE_SUPABASE_URL as string;

function Popup() {
  return <main style={{ padding: 16, width: 320 }}>LinkVault — API {apiUrl}</main>;
}

createRoot(document.getElementById('root')!).render(<Popup />);
