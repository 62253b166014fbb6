import { AdminHeader } from '../headers/admin-header';
import { PageFrame } from './page-frame';

export function AdminLayout() {
  return <PageFrame header={<AdminHeader />} withFooter={false} />;
}
