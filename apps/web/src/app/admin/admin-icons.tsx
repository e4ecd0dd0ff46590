import {
  AuditOutlined,
  CloudUploadOutlined,
  DatabaseOutlined,
  HomeOutlined,
  ProfileOutlined,
  ShopOutlined,
  TagsOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { AdminIconName } from './admin-route-table';

export const ADMIN_ICONS: Record<AdminIconName, ReactNode> = {
  home: <HomeOutlined />,
  orders: <ProfileOutlined />,
  customers: <ShopOutlined />,
  products: <TagsOutlined />,
  stock: <DatabaseOutlined />,
  imports: <CloudUploadOutlined />,
  staff: <TeamOutlined />,
  audit: <AuditOutlined />,
};
