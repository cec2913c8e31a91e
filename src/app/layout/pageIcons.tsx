// An icon per admin page, shared by the navigation and the dashboard's link cards.
import type { SvgIconComponent } from '@mui/icons-material';
import ApiOutlined from '@mui/icons-material/ApiOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import AutoGraphOutlined from '@mui/icons-material/AutoGraphOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import QueryStatsOutlined from '@mui/icons-material/QueryStatsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import StorageOutlined from '@mui/icons-material/StorageOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import type { AdminPath } from '../adminPages';

export const pageIcons: Record<AdminPath, SvgIconComponent> = {
  '/dashboard': DashboardOutlined,
  '/manage-names': EditNoteOutlined,
  '/bulk-upload': UploadFileOutlined,
  '/analytics': InsightsOutlined,
  '/user-analytics': QueryStatsOutlined,
  '/advanced-analytics': AutoGraphOutlined,
  '/user-management': ManageAccountsOutlined,
  '/operators': AdminPanelSettingsOutlined,
  '/audit-logs': ReceiptLongOutlined,
  '/data-export': FileDownloadOutlined,
  '/database-admin': StorageOutlined,
  '/api-reference': ApiOutlined,
};
