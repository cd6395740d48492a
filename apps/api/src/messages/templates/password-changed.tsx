import { greeting } from './format.ts';
import { Action, EmailLayout, P, type TemplateProps, Title } from './layout.tsx';

export function PasswordChanged({ firstName, shop }: TemplateProps<'password-changed'>) {
  return (
    <EmailLayout shop={shop} preview={`The password of your ${shop.name} account was changed.`}>
      <Title>Your password was changed</Title>
      <P>{greeting(firstName)}</P>
      <P>{`The password of your ${shop.name} account has just been changed. If it was you, there is nothing more to do.`}</P>
      <P>
        {`If it was not you, choose a new password now, and call us on ${shop.phone} so that we can check your account and your orders.`}
      </P>
      <Action href={`${shop.url}/forgot-password`}>Reset my password</Action>
    </EmailLayout>
  );
}
