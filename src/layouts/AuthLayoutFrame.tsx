import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { COPYRIGHT, LOGO_URL } from './brand';
import { PageHeading } from './PageHeading';
import './layouts.css';

/** Frame of the login layouts: logo and title linking to `homeTo`, a subtitle, the form, the footer. */
export function AuthLayoutFrame(props: { homeTo: string; title: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="zb-auth">
      <main className="zb-auth-main">
        <PageHeading />
        <div className="zb-auth-top">
          <Link to={props.homeTo} className="zb-auth-brand">
            <img src={LOGO_URL} alt="logo" />
            <span className="zb-auth-title">{props.title}</span>
          </Link>
          <div className="zb-auth-subtitle">{props.subtitle}</div>
        </div>
        <div className="zb-auth-body">{props.children}</div>
      </main>
      <footer className="zb-footer">{COPYRIGHT}</footer>
    </div>
  );
}
