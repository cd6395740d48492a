import { SettingsPage } from '@/features/admin-settings/components/settings-page.tsx';

export default function Route() {
  return (
    <>
      <title>Settings · Adire back office</title>
      <SettingsPage />
    </>
  );
}
