import { expect, test } from './support/test';
import { apiCall, apiReader, useToken } from './support/api';
import { expectAccessible } from './support/fixtures';
import { linkInMail } from './support/mail';

test('a reader mails new followers at once from Settings, then stops every notification mail from the link', async ({
  page,
  request,
}) => {
  const reader = await apiReader(request, 'notif-mail');
  const email = reader.email.toLowerCase();
  // Only a confirmed address receives notification mail.
  const verify = await linkInMail(email, 'Confirm your email address for Nebab', '/verify-email');
  await apiCall(request, 'POST', '/api/auth/email/verify', null, {
    token: new URL(verify).searchParams.get('token'),
  });
  const me = await apiCall<{ user: { id: string } }>(request, 'GET', '/api/auth/me', reader.token);

  await useToken(page.context(), reader.token);
  await page.goto('/dashboard/settings?section=preferences');
  const followers = page.getByLabel('Email for “New follower”');
  await expect(followers).toHaveValue('digest');
  await expect(page.getByLabel('Email for “Follow request”')).toHaveValue('instant');
  await expectAccessible(page);
  await followers.selectOption({ label: 'At once' });
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Preferences saved' })).toBeVisible();

  const fan = await apiReader(request, 'notif-fan');
  await apiCall(request, 'POST', `/api/readers/${me.user.id}/follow`, fan.token);
  const unsubscribe = await linkInMail(email, 'Nebab: New follower', '/notifications/unsubscribe');

  // Opening the link changes nothing until the button is pressed.
  await page.goto(unsubscribe);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stop notification emails');
  await expectAccessible(page);
  await page.goto('/dashboard/settings?section=preferences');
  await expect(page.getByLabel('Email for “New follower”')).toHaveValue('instant');

  await page.goto(unsubscribe);
  await page.getByRole('button', { name: 'Stop these emails' }).click();
  await expect(page.getByRole('status')).toContainText('Nebab sends you no more notification emails');
  await page.getByRole('link', { name: 'Notification settings' }).click();
  await expect(page.getByLabel('Email for “New follower”')).toHaveValue('off');
  await expect(page.getByLabel('Email for “Meeting reminder”')).toHaveValue('off');
});
