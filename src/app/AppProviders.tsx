import { useEffect, useMemo, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
// Every antd component's styles, prebuilt: the theme is zeroRuntime (app/theme.ts).
import 'antd/dist/antd.css';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useSettings } from '../stores/settings';
import { bindFeedback, TOAST_CONFIG } from '../lib/feedback';
import { ErrorBoundary } from './ErrorBoundary';
import { applyDocumentSettings, themeFrom } from './theme';

dayjs.locale('zh-cn');

/** Hands the context-aware toasts of antd's <App> to non-React code (the axios interceptors). */
function FeedbackBridge() {
  const { message, notification, modal } = AntApp.useApp();
  useEffect(() => bindFeedback({ message, notification, modal }), [message, notification, modal]);
  return null;
}

/**
 * The one root ConfigProvider (zh_CN, theme from the layout settings, so a change applies at once),
 * antd's <App>, and the error boundary.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const settings = useSettings((s) => s.settings);
  const { primaryColor, navTheme, colorWeak } = settings;
  const themeConfig = useMemo(() => themeFrom({ primaryColor, navTheme }), [primaryColor, navTheme]);
  useEffect(() => applyDocumentSettings({ primaryColor, navTheme, colorWeak }), [primaryColor, navTheme, colorWeak]);
  return (
    <ConfigProvider locale={zhCN} theme={themeConfig}>
      {/* Toasts render into the page's one live region. */}
      <AntApp message={TOAST_CONFIG} notification={TOAST_CONFIG}>
        <FeedbackBridge />
        <ErrorBoundary>{children}</ErrorBoundary>
      </AntApp>
    </ConfigProvider>
  );
}
