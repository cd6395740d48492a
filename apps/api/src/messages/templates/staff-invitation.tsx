import { Action, EmailLayout, Note, P, type TemplateProps, TextLink, Title } from './layout.tsx';

/** An invitation to join the shop's team: who invited, as what, and the single-use link that creates the account. */
export function StaffInvitation({ inviterName, roleName, link, hours, shop }: TemplateProps<'staff-invitation'>) {
  return (
    <EmailLayout shop={shop} preview={`Join the ${shop.name} team as ${roleName}. The link works for ${hours} hours.`}>
      <Title>{`Join the ${shop.name} team`}</Title>
      <P>Hello,</P>
      <P>{`${inviterName} invited you to work in the ${shop.name} back office as ${roleName}. Accept here to choose your password:`}</P>
      <Action href={link}>Accept the invitation</Action>
      <P>{`The link works for ${hours} hours, and only once. If you already shop with us under this address, sign in with your current password when you accept: the same account becomes your staff account.`}</P>
      <P>If you were not expecting this, ignore this e-mail: no account is made without the link.</P>
      <Note>
        If the button does not work, copy this address into your browser: <TextLink href={link}>{link}</TextLink>
      </Note>
    </EmailLayout>
  );
}
