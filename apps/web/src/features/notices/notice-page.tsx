import { useMemo } from 'react';
import { Badge, Empty, Pagination, Skeleton, Switch, Tag } from 'antd';
import { PushpinFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { noticeEndpoints } from '@partsportal/contract/notices';
import { useEndpointQuery } from '@shared/api/server-state';
import { useRouteSearchParams } from '@shared/hooks/use-route-search-params';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { RECORD_PAGE_SIZES } from '@shared/records/list-query';
import { TextFilter } from '@shared/records/text-filter';
import { parseNoticeQuery, toNoticeQuery, toNoticeRequest, type NoticeFilters } from './notice-query';

const PATH = '/notice/index';

export default function NoticePage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const [params, setParams] = useRouteSearchParams(PATH);
  const filters = useMemo(() => parseNoticeQuery(params), [params]);
  const update = (patch: Partial<NoticeFilters>) =>
    setParams(toNoticeQuery({ ...filters, page: 1, ...patch }));
  // A notice opened in its detail tab invalidates this list (the read mark).
  const list = useEndpointQuery(noticeEndpoints.getNoticeList, toNoticeRequest(filters));
  const data = list.data;

  return (
    <section className="page records-page notice-page" aria-labelledby="notice-title">
      <h1 id="notice-title" className="page-title">
        {t('route.notice')}
      </h1>
      <div className="filter-bar">
        <TextFilter
          className="notice-keyword"
          value={filters.keyword}
          label={t('notice.keyword')}
          maxLength={100}
          onSearch={(keyword) => update({ keyword })}
        />
        <label className="notice-unread-switch">
          <Switch
            size="small"
            checked={filters.unreadOnly}
            onChange={(unreadOnly) => update({ unreadOnly })}
          />{' '}
          {t('notice.unreadOnly')}
          {data && data.unread > 0 && (
            <Badge count={data.unread} title={t('notice.unreadCount', { count: data.unread })} />
          )}
        </label>
      </div>
      {!data && list.isFetching ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : !data || data.list.length === 0 ? (
        <Empty description={t('notice.empty')} />
      ) : (
        <>
          <ul className={`notice-list${list.isFetching ? ' is-loading' : ''}`} aria-busy={list.isFetching}>
            {data.list.map((notice) => (
              <li
                key={notice.id}
                className={`notice-item${notice.is_read ? ' is-read' : ' is-unread'}`}
                data-notice-id={notice.id}
              >
                <div className="notice-line">
                  {notice.is_pinned && (
                    <Tag icon={<PushpinFilled />} className="notice-pinned">
                      {t('notice.pinned')}
                    </Tag>
                  )}
                  <Link to={`/notice/detail?id=${notice.id}`} className="notice-title">
                    {notice.title}
                  </Link>
                  {!notice.is_read && (
                    <Tag color="red" className="notice-unread-tag">
                      {t('notice.unread')}
                    </Tag>
                  )}
                  <span className="muted notice-date">{formatDate(notice.published_at)}</span>
                </div>
                {/* Plain text from the server: rendered as text, never as HTML. */}
                <p className="notice-summary muted">{notice.summary}</p>
              </li>
            ))}
          </ul>
          <Pagination
            align="end"
            current={filters.page}
            pageSize={filters.pageSize}
            total={data.total}
            showSizeChanger
            pageSizeOptions={RECORD_PAGE_SIZES.map(String)}
            showTotal={(total) => t('catalog.total', { count: total })}
            onChange={(page, pageSize) =>
              update({ page: pageSize === filters.pageSize ? page : 1, pageSize })
            }
          />
        </>
      )}
    </section>
  );
}
