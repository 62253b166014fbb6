import { PublicHeader } from '../headers/public-header';
import { PageFrame } from './page-frame';

export function PublicLayout() {
  return <PageFrame header={<PublicHeader />} />;
}
