import { greeting } from './format.ts';
import { Action, EmailLayout, Note, P, type TemplateProps, Title } from './layout.tsx';

export function Welcome({ firstName, shop }: TemplateProps<'welcome'>) {
  return (
    <EmailLayout shop={shop} preview={`Your ${shop.name} account is ready.`}>
      <Title>{`Welcome to ${shop.name}`}</Title>
      <P>{greeting(firstName)}</P>
      <P>
        Thank you for joining us. Your account is ready: sign in to check out faster and to follow each order from payment to your
        door.
      </P>
      <Action href={shop.url}>Start shopping</Action>
      <Note>You are getting this e-mail because this address was used to open an account with us.</Note>
    </EmailLayout>
  );
}
