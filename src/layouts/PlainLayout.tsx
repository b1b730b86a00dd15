import { Outlet, Link } from 'react-router-dom';
import { COPYRIGHT, LOGO_URL, PRODUCT_NAME } from './brand';
import './layouts.css';

/** Plain public pages (/htxx, /pre, /bjdxx, /tcdxx): brand header, the page, the footer. */
export default function PlainLayout() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: '#f5f5f5' }}>
      <header style={{ padding: '16px 24px', background: '#fff' }}>
        <Link to="/" className="zb-auth-brand">
          <img src={LOGO_URL} alt="logo" style={{ width: 32, height: 32 }} />
          <span style={{ fontSize: 18, fontWeight: 600 }}>{PRODUCT_NAME}</span>
        </Link>
      </header>
      <main style={{ flex: 1, padding: 24 }}>
        <Outlet />
      </main>
      <footer className="zb-footer">{COPYRIGHT}</footer>
    </div>
  );
}
