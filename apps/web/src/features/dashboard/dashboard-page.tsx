import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Badge, Card, Col, Empty, Row, Skeleton, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dashboardEndpoints } from '@partsportal/contract/dashboard';
import { showCartCount } from '@shared/api/cart-api';
import { useEndpointQuery } from '@shared/api/server-state';
import { useFormatDate } from '@shared/i18n/use-format-date';
import { formatMoney } from '@partsportal/contract/money-format';
import { useSettingsStore } from '@shared/stores/settings-store';
import './dashboard.css';

// ECharts (~500 kB) is fetched only when the dashboard draws its chart, after the figures.
const DashboardChart = lazy(() => import('./dashboard-chart'));

/**
 * Spec §1 home page. GetDashboard leaves out (null) every figure whose menu the user lacks, so
 * each card, the feed and each chart line appear only when the answer has them. The tab is
 * not cached: every visit loads fresh figures.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const locale = useSettingsStore((s) => s.language);
  const themeColor = useSettingsStore((s) => s.themeColor);
  const formatDate = useFormatDate();
  const answer = useEndpointQuery(dashboardEndpoints.getDashboard, {});
  const data = answer.data;

  // The answer's cart count is the badge's too (it may have changed on another device); only a
  // fresh answer's, not the cached one shown while this visit asks again.
  const freshCarts = answer.isFetching ? null : (data?.carts ?? null);
  useEffect(() => {
    if (freshCarts !== null) showCartCount(freshCarts);
  }, [freshCarts]);

  // The chart's options are built in the chart's own chunk, after the figures are drawn: their
  // month names and compact numbers are the page's first Intl formats (ICU's data, 40–90 ms on a
  // phone), which made the render of the figures a long task (issue 18).
  const chartTexts = useMemo(
    () => ({ orders: t('dashboard.orderAmounts'), deliveries: t('dashboard.deliveryAmounts') }),
    [t],
  );

  if (!data) {
    return (
      <section className="page" aria-labelledby="dashboard-title">
        <h1 id="dashboard-title" className="page-title dashboard-sr-only">
          {t('route.dashboard')}
        </h1>
        {answer.isError ? <Empty /> : <Skeleton active paragraph={{ rows: 8 }} />}
      </section>
    );
  }

  const money = (amount: string) => formatMoney(amount, data.currency, locale);
  const cards = [
    data.debts !== null && {
      key: 'debts',
      title: t('dashboard.debts'),
      value: money(data.debts),
      to: '/finance/account',
    },
    data.amount_delivered !== null && {
      key: 'delivered',
      title: t('dashboard.amountDelivered'),
      value: money(data.amount_delivered),
      to: '/export/index',
    },
    data.executing_orders !== null && {
      key: 'executing',
      title: t('dashboard.executingOrders'),
      value: String(data.executing_orders),
      to: '/order/index?type=all&state=submitted,confirmed,partially_delivered',
    },
    data.carts !== null && {
      key: 'carts',
      title: t('dashboard.cartItems'),
      value: String(data.carts),
      to: '/cart/index',
    },
  ].filter((card) => card !== false);
  const hasChart = data.chart.order_amounts !== null || data.chart.delivery_amounts !== null;

  return (
    <section className="page dashboard-page" aria-labelledby="dashboard-title">
      {/* The pinned tab already says "Dashboard"; the heading stays for screen readers only
          (issue 17 item 9: the word showed three times). */}
      <h1 id="dashboard-title" className="page-title dashboard-sr-only">
        {t('route.dashboard')}
      </h1>
      <Row gutter={[16, 16]}>
        {cards.map((card) => (
          <Col xs={24} sm={12} lg={6} key={card.key}>
            <Link to={card.to} className={`dashboard-card dashboard-card-${card.key}`}>
              <Card hoverable size="small">
                <Statistic title={card.title} value={card.value} />
              </Card>
            </Link>
          </Col>
        ))}
        {hasChart && (
          <Col xs={24} xl={data.notices ? 16 : 24}>
            <Card size="small" title={t('dashboard.chartTitle')} className="dashboard-chart-card">
              {/* The chart's own size while ECharts loads, so nothing moves when it arrives
                  (issue 17 item 9: antd's Skeleton.Node kept its small default box). */}
              <Suspense
                fallback={<div className="dashboard-chart dashboard-chart-placeholder shimmer" aria-hidden />}
              >
                <DashboardChart
                  chart={data.chart}
                  themeColor={themeColor}
                  locale={locale}
                  currency={data.currency}
                  texts={chartTexts}
                  label={t('dashboard.chartTitle')}
                />
              </Suspense>
            </Card>
          </Col>
        )}
        {data.notices && (
          <Col xs={24} xl={hasChart ? 8 : 24}>
            <Card
              size="small"
              title={t('dashboard.notices')}
              extra={<Link to="/notice/index">{t('dashboard.allNotices')}</Link>}
              className="dashboard-notices"
            >
              {/* Plain list markup: antd's List brings its Pagination with rc-select (31.9 KB
                  gzip) for five lines that never page. */}
              {data.notices.length === 0 ? (
                <Empty description={t('dashboard.noNotices')} />
              ) : (
                <ul className="dashboard-notice-list">
                  {data.notices.map((notice) => (
                    <li
                      key={notice.id}
                      className={`dashboard-notice-item ${notice.is_read ? 'notice-read' : 'notice-unread'}`}
                    >
                      <Badge dot={!notice.is_read} offset={[4, 0]}>
                        <Link to={`/notice/detail?id=${notice.id}`} className="notice-link">
                          {notice.is_pinned && <Tag color="red">{t('dashboard.pinned')}</Tag>}
                          {notice.is_read ? notice.title : <strong>{notice.title}</strong>}
                        </Link>
                      </Badge>
                      <span className="muted notice-date">{formatDate(notice.published_at)}</span>
                      {!notice.is_read && <span className="dashboard-sr-only">{t('dashboard.unread')}</span>}
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </Col>
        )}
      </Row>
    </section>
  );
}
