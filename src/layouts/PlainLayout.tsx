import { useState } from 'react';
import { Outlet, Link, useMatches } from 'react-router-dom';
import { env } from '../config/env';
import { EDU_LOGIN_PATH } from '../config/constants';
import type { RouteHandle } from '../lib/routeTypes';
import { COPYRIGHT, LOGO_URL, PRODUCT_NAME } from './brand';
import { PageHeading } from './PageHeading';
import './layouts.css';

/**
 * Plain public pages (/htxx, /pre, /bjdxx, /tcdxx): brand header, the page, the footer. Pages of the
 * education entry among them (brand 'edu') carry the competition's name and lead back to its login.
 */
export default function PlainLayout() {
  const edu = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.brand === 'edu');
  const [main, setMain] = useState<HTMLElement | null>(null);
  return (
    <div className="zb-plain" style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: '#f5f5f5' }}>
      <header className="zb-plain-header" style={{ padding: '16px 24px', background: '#fff' }}>
        <Link to={edu ? EDU_LOGIN_PATH : '/'} className="zb-auth-brand">
          <img src={LOGO_URL} alt="logo" style={{ width: 32, height: 32 }} />
          <span style={{ fontSize: 18, fontWeight: 600 }}>{edu ? env.eduTitle : PRODUCT_NAME}</span>
        </Link>
      </header>
      <main ref={setMain} style={{ flex: 1, padding: 24 }}>
        <PageHeading within={main} />
        <Outlet />
      </main>
      <footer className="zb-footer">{COPYRIGHT}</footer>
    </div>
  );
}
