import { MessagesPage } from '@/features/admin-messages/components/messages-page.tsx';

export default function Route() {
  return (
    <>
      <title>Messages · Adire back office</title>
      <MessagesPage />
    </>
  );
}
