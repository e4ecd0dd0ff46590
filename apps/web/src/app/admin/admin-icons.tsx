import {
  AuditOutlined,
  BarChartOutlined,
  CloudUploadOutlined,
  DatabaseOutlined,
  HomeOutlined,
  KeyOutlined,
  MoneyCollectOutlined,
  ProfileOutlined,
  NotificationOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TagsOutlined,
  TeamOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { AdminIconName } from './admin-route-table';

export const ADMIN_ICONS: Record<AdminIconName, ReactNode> = {
  home: <HomeOutlined />,
  orders: <ProfileOutlined />,
  customers: <ShopOutlined />,
  payments: <MoneyCollectOutlined />,
  products: <TagsOutlined />,
  stock: <DatabaseOutlined />,
  purchases: <ShoppingCartOutlined />,
  imports: <CloudUploadOutlined />,
  names: <TranslationOutlined />,
  notices: <NotificationOutlined />,
  staff: <TeamOutlined />,
  apiKeys: <KeyOutlined />,
  audit: <AuditOutlined />,
  reports: <BarChartOutlined />,
};
