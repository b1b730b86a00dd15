import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { DEFAULT_SETTINGS } from '../config/settings';
import { bindFeedback } from './feedback';
import { ErrorBoundary } from './ErrorBoundary';
import { themeFrom } from './theme';

dayjs.locale('zh-cn');

/** Hands the context-aware toasts of antd's <App> to non-React code (the axios interceptors). */
function FeedbackBridge() {
  const { message, notification, modal } = AntApp.useApp();
  useEffect(() => bindFeedback({ message, notification, modal }), [message, notification, modal]);
  return null;
}

/** The one root ConfigProvider (zh_CN, theme), antd's <App>, and the error boundary. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={themeFrom(DEFAULT_SETTINGS)}>
      <AntApp>
        <FeedbackBridge />
        <ErrorBoundary>{children}</ErrorBoundary>
      </AntApp>
    </ConfigProvider>
  );
}
