import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Card, Result, Segmented, Space, Spin } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { SHARE_LINK_PARAM, SHARE_PAGES, type SharePageKind } from '@domain/share/shareLinks.contracts';
import type { SharedState } from './useSharedDocument';
import './documents.css';

export interface DocumentFrameProps<T> {
  state: SharedState<T>;
  /** This page and its sibling pages of the same record (other layouts, the attachments), opened by the same link. */
  kind: SharePageKind;
  siblings?: readonly SharePageKind[];
  /** Printable documents get a 打印 button. */
  printable?: boolean;
  children: (doc: T, link: string) => ReactNode;
}

/** Loading, the invalid-link answer (and nothing else), a failure with retry, or the document on its paper. */
export function DocumentFrame<T>({ state, kind, siblings = [], printable = true, children }: DocumentFrameProps<T>) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  if (state.status === 'loading') {
    return (
      <div className="zb-doc zb-doc-center" role="status">
        <Spin size="large" />
        <span>正在加载…</span>
      </div>
    );
  }
  if (state.status === 'invalid') {
    return (
      <Card className="zb-doc">
        <Result status="404" title={state.message} subTitle="请向发送链接给您的工作人员索取新的链接。" />
      </Card>
    );
  }
  if (state.status === 'failed') {
    return (
      <Card className="zb-doc">
        <Result
          status="error"
          title="加载失败"
          subTitle={state.message}
          extra={
            <Button type="primary" onClick={() => window.location.reload()}>
              重试
            </Button>
          }
        />
      </Card>
    );
  }
  const link = params.get(SHARE_LINK_PARAM) ?? state.link;
  // In the order of SHARE_PAGES, whichever of them this page is.
  const pages = (Object.keys(SHARE_PAGES) as SharePageKind[]).filter((k) => k === kind || siblings.includes(k));
  return (
    <div className="zb-doc">
      <div className="zb-doc-toolbar">
        {siblings.length > 0 ? (
          <Segmented<SharePageKind>
            value={kind}
            onChange={(k) => navigate(`${SHARE_PAGES[k].path}?${SHARE_LINK_PARAM}=${encodeURIComponent(link)}`)}
            options={pages.map((k) => ({ value: k, label: SHARE_PAGES[k].title }))}
          />
        ) : (
          <span />
        )}
        {printable && (
          <Space>
            <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
              打印
            </Button>
          </Space>
        )}
      </div>
      <article className="zb-doc-paper">{children(state.doc, link)}</article>
    </div>
  );
}
