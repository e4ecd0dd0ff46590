import { useEffect, useMemo } from 'react';
import { Button, Empty, Skeleton } from 'antd';
import { ArrowLeftOutlined, PaperClipOutlined, PushpinFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@shared/hooks/use-navigate';
import { dashboardEndpoints } from '@partsportal/contract/dashboard';
import { noticeEndpoints } from '@partsportal/contract/notices';
import { invalidateEndpoints, useEndpointQuery } from '@shared/api/server-state';
import { assetUrl } from '@shared/api/asset-url';
import { useRouteSearchParams } from '@shared/hooks/use-route-search-params';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { positiveInt } from '@shared/records/list-query';
import { defendHtml } from '@shared/ui/html-defence';

const PATH = '/notice/detail';

export default function NoticeDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatDate = useFormatDate();
  const [params] = useRouteSearchParams(PATH);
  const id = positiveInt(params.get('id'));
  const detail = useEndpointQuery(
    noticeEndpoints.getNoticeDetail,
    {},
    { params: { id: id ?? 0 }, enabled: id !== undefined },
  );
  const notice = detail.data;
  // Reading the notice marked it read on the server: the list and the dashboard feed show the
  // mark (now if shown, else on their next showing).
  const readAt = detail.isFetching ? 0 : detail.dataUpdatedAt;
  useEffect(() => {
    if (readAt) void invalidateEndpoints(noticeEndpoints.getNoticeList, dashboardEndpoints.getDashboard);
  }, [readAt]);
  const safeHtml = useMemo(() => (notice ? defendHtml(notice.content) : ''), [notice]);

  if (!id || detail.isError) {
    return (
      <section className="page records-page">
        <Empty description={t('recordList.notFound')} />
      </section>
    );
  }
  // The previous notice stays as placeholder while another id loads: never show it under this id.
  if (!notice || notice.id !== id) return <Skeleton active paragraph={{ rows: 8 }} />;

  return (
    <article className="page records-page notice-detail" aria-labelledby="notice-detail-title">
      <div className="detail-heading">
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(-1)}>
          {t('errorPage.back')}
        </Button>
        <h1 id="notice-detail-title" className="page-title">
          {notice.is_pinned && <PushpinFilled className="notice-pin" aria-label={t('notice.pinned')} />}{' '}
          {notice.title}
        </h1>
      </div>
      <p className="muted">{formatDate(notice.published_at)}</p>
      <div
        className="notice-content"
        // The server sanitizes notice HTML with a strict allow-list (docs/API.md "Notices"); that
        // is why setting it as HTML is acceptable here. defendHtml() is a second, client-side pass
        // (inert DOMParser document; script-like elements, on* handlers and javascript: URLs
        // removed), and the markup only ever goes into this container.
        dangerouslySetInnerHTML={{ __html: safeHtml }}
      />
      <section className="notice-attachments" aria-label={t('detail.attachments')}>
        <h2 className="section-title">{t('detail.attachments')}</h2>
        {notice.attachments.length === 0 ? (
          <p className="muted">{t('detail.noAttachments')}</p>
        ) : (
          <ul>
            {notice.attachments.map((file) => (
              <li key={file.path}>
                <PaperClipOutlined />{' '}
                <a href={assetUrl(file.path)} target="_blank" rel="noopener noreferrer">
                  {file.name}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
