import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStaffSession } from '@shared/stores/staff-session';

/** The landing page of the back office: who is signed in, with which role, and what it allows. */
export default function AdminHomePage() {
  const { t } = useTranslation();
  const info = useStaffSession((s) => s.info);
  if (!info) return null;
  return (
    <Card className="admin-card">
      <Typography.Title level={3} className="admin-home-title">
        {t('admin.home.welcome', { name: info.name })}
      </Typography.Title>
      <Typography.Paragraph>
        {t('admin.home.role', { role: t(`admin.role.${info.role}`) })}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t(`admin.home.can.${info.role}`)}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('admin.home.menuHint')}</Typography.Paragraph>
    </Card>
  );
}
