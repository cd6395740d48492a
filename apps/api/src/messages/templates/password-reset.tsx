import { greeting } from './format.ts';
import { Action, EmailLayout, Note, P, type TemplateProps, TextLink, Title } from './layout.tsx';

export function PasswordReset({ firstName, link, minutes, shop }: TemplateProps<'password-reset'>) {
  return (
    <EmailLayout shop={shop} preview={`Choose a new password. The link works for ${minutes} minutes.`}>
      <Title>Choose a new password</Title>
      <P>{greeting(firstName)}</P>
      <P>{`Someone, hopefully you, asked to reset the password of your ${shop.name} account. Choose a new one here:`}</P>
      <Action href={link}>Choose a new password</Action>
      <P>{`The link works for ${minutes} minutes, and only once.`}</P>
      <P>
        If you did not ask for this, ignore this e-mail: your password stays as it is, and nobody can change it without this link.
      </P>
      <Note>
        If the button does not work, copy this address into your browser: <TextLink href={link}>{link}</TextLink>
      </Note>
    </EmailLayout>
  );
}
