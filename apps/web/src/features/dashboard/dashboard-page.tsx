import { useEffect } from 'react';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { refreshUserInfo, useSessionStore } from '../../shared/stores/session-store';

/**
 * The dashboard figures and the chart arrive with the dashboard issue; today it shows the
 * cart count from user info, re-read on every visit (the tab is not cached, spec §2).
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const userInfo = useSessionStore((s) => s.userInfo);
  useEffect(() => {
    refreshUserInfo().catch(() => undefined);
  }, []);
  return (
    <section className="page" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="page-title">
        {t('route.dashboard')}
      </h1>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} lg={6}>
          <Card>
            <Statistic title={t('dashboard.cartItems')} value={userInfo?.carts ?? 0} />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card>
            <Statistic title={t('dashboard.menus')} value={userInfo?.menus.length ?? 0} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card>
            <p className="dashboard-note">{t('dashboard.comingSoon')}</p>
          </Card>
        </Col>
      </Row>
    </section>
  );
}
