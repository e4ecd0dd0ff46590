import {
  AppstoreOutlined,
  BellOutlined,
  CarOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DollarOutlined,
  FileTextOutlined,
  ProfileOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { IconName } from '../route-table';

export const ROUTE_ICONS: Record<IconName, ReactNode> = {
  dashboard: <DashboardOutlined />,
  catalog: <AppstoreOutlined />,
  stock: <DatabaseOutlined />,
  freight: <CarOutlined />,
  order: <ProfileOutlined />,
  sales: <ShopOutlined />,
  purchase: <ShoppingOutlined />,
  finance: <DollarOutlined />,
  cart: <ShoppingCartOutlined />,
  notice: <BellOutlined />,
  user: <UserOutlined />,
  file: <FileTextOutlined />,
};
