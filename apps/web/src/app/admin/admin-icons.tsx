import {
  AuditOutlined,
  CloudUploadOutlined,
  DatabaseOutlined,
  HomeOutlined,
  NotificationOutlined,
  ShopOutlined,
  TagsOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { AdminIconName } from './admin-route-table';

export const ADMIN_ICONS: Record<AdminIconName, ReactNode> = {
  home: <HomeOutlined />,
  customers: <ShopOutlined />,
  products: <TagsOutlined />,
  stock: <DatabaseOutlined />,
  imports: <CloudUploadOutlined />,
  notices: <NotificationOutlined />,
  staff: <TeamOutlined />,
  audit: <AuditOutlined />,
};
