// Body metrics in a real browser: a generated InBody-style PDF goes through the report picker
// (in parts to the signed URL, as every upload), the bmi.analyze job reads it, the result view shows the
// exact values, and the new BMI appears on the dashboard and the progress page; the calculator's
// docs/product.md toasts for bad input and its success.
import type { Page } from '@playwright/test';

import { pdfWithLines } from '../../server/test/support/uploads';
import { expect, expectNotCovering, screenshot, signInWithPhantom, test } from './fixtures';

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 390, height: 844 } },
];

const toast = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

const INBODY_SHEET = [
  'InBody570 Result Sheet',
  'Body Composition Analysis',
  'Weight 71.8 kg (55.8 ~ 75.4)',
  'Body Fat Mass 12.7 kg (8.0 ~ 15.9)',
  'Skeletal Muscle Mass (SMM) 33.9 kg (28.6 ~ 35.0)',
  'BMI (Body Mass Index) kg/m2 22.7 (18.5 ~ 25.0)',
  'PBF (Percent Body Fat) % 17.7 (10.0 ~ 20.0)',
];

/** Picks a file in the report picker and presses its upload button. */
async function uploadThroughWidget(page: Page, file: { name: string; buffer: Buffer }) {
  const dialog = page.getByRole('dialog', { name: 'BMI_REPORT_UPLOAD' });
  await dialog.getByTestId('bmi-report-input').setInputFiles({ ...file, mimeType: 'application/pdf' });
  await dialog.getByRole('button', { name: /^Upload 1 file$/ }).click();
}

for (const viewport of VIEWPORTS) {
  test(`upload an InBody report through the widget, see the result and the new BMI (${viewport.name})`, async ({
    page,
    wallet,
  }) => {
    expect(wallet.address).toBeTruthy();
    await page.setViewportSize(viewport.size);
    await signInWithPhantom(page);

    await page.getByRole('button', { name: 'UPLOAD_BMI' }).click();
    const dialog = page.getByRole('dialog', { name: 'BMI_REPORT_UPLOAD' });
    await expect(dialog.getByText('Reports: BMI test, InBody scan, DEXA scan')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'browse files' })).toBeVisible();
    await screenshot(page, `bmi-upload-picker-${viewport.name}`, { fullPage: false });

    await uploadThroughWidget(page, { name: 'inbody.pdf', buffer: await pdfWithLines(INBODY_SHEET) });
    await expect(dialog.getByTestId('result-BMI')).toHaveText('22.7', { timeout: 30_000 });
    await expect(dialog.getByTestId('result-BODY_FAT')).toHaveText('17.7%');
    await expect(dialog.getByTestId('result-MUSCLE_MASS')).toHaveText('33.9 KG');
    await expect(dialog.getByText('RECOMMENDATIONS')).toBeVisible();
    await expect(toast(page).getByText('Your BMI report has been analyzed successfully')).toBeVisible();
    await screenshot(page, `bmi-upload-result-${viewport.name}`, { fullPage: false });

    await dialog.getByRole('button', { name: 'CLOSE', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('22.7', { exact: true })).toBeVisible(); // biometric panel: latest BMI

    await page.goto('/progress');
    await expect(page.getByTestId('bmi-current')).toHaveText('22.7');
    await expect(page.getByTestId('bmi-category')).toHaveText('NORMAL');
    await expect(page.getByTestId('bmi-count')).toHaveText('1');
  });
}

test("a PDF without values: Analysis Failed toast with the server's reason under it, back to the picker", async ({
  page,
  wallet,
}) => {
  expect(wallet.address).toBeTruthy();
  await signInWithPhantom(page);
  await page.getByRole('button', { name: 'UPLOAD_BMI' }).click();
  await uploadThroughWidget(page, {
    name: 'flyer.pdf',
    buffer: await pdfWithLines(['Thank you for visiting our gym.']),
  });
  await expect(toast(page).getByText('Failed to analyze your BMI report')).toBeVisible({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'BMI_REPORT_UPLOAD' });
  await expect(dialog.getByRole('status')).toHaveText(/^No BMI value could be read from this report/);
  await expect(dialog.getByRole('button', { name: 'browse files' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Upload 1 file$/ })).toHaveCount(0);
});

test('a file that only claims to be a PDF: the server refuses the upload and the dialog shows its reason', async ({
  page,
  wallet,
}) => {
  expect(wallet.address).toBeTruthy();
  await signInWithPhantom(page);
  await page.getByRole('button', { name: 'UPLOAD_BMI' }).click();
  await uploadThroughWidget(page, { name: 'report.pdf', buffer: Buffer.from('just some text, not a PDF') });
  await expect(toast(page).getByText('Upload Failed')).toBeVisible();
  // The server read the first bytes (415), not our picker, which goes by the declared type.
  await expect(page.getByRole('dialog', { name: 'BMI_REPORT_UPLOAD' }).getByRole('status')).toHaveText(
    'Only PDF, JPEG or PNG files are accepted',
  );
});

for (const viewport of VIEWPORTS) {
  test(`a file that is not a report is refused before uploading, saying why (${viewport.name})`, async ({
    page,
    wallet,
  }) => {
    expect(wallet.address).toBeTruthy();
    await page.setViewportSize(viewport.size);
    await signInWithPhantom(page);
    await page.getByRole('button', { name: 'UPLOAD_BMI' }).click();
    const dialog = page.getByRole('dialog', { name: 'BMI_REPORT_UPLOAD' });
    const uploadUrls: string[] = [];
    page.on('request', (request) => request.url().includes('/api/bmi/upload-url') && uploadUrls.push(request.url()));
    await dialog
      .getByTestId('bmi-report-input')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('my weight: 80 kg') });
    await expect(toast(page).getByText('Upload Failed')).toBeVisible();
    await expectNotCovering(toast(page).locator('.toast'), dialog.getByRole('button', { name: 'Close', exact: true }));
    await expect(dialog.getByRole('status')).toHaveText('Send the report as a PDF, JPEG or PNG file');
    await expect(dialog.getByRole('button', { name: /^Upload 1 file$/ })).toHaveCount(0);
    await screenshot(page, `bmi-upload-refused-${viewport.name}`, { fullPage: false });
    expect(uploadUrls).toEqual([]);
  });
}

for (const viewport of VIEWPORTS) {
  test(`BMI calculator: the product’s error toasts, then success, analytics and trend charts (${viewport.name})`, async ({
    page,
    wallet,
  }) => {
    expect(wallet.address).toBeTruthy();
    await page.setViewportSize(viewport.size);
    await signInWithPhantom(page);
    await page.goto('/progress');
    await expect(page.getByText('NO_BMI_DATA')).toBeVisible();

    const height = page.getByLabel('HEIGHT (CM)');
    const weight = page.getByLabel('WEIGHT (KG)');
    const calculate = async (h: string, w: string) => {
      await height.fill(h);
      await weight.fill(w);
      await page.getByRole('button', { name: 'CALCULATE_BMI' }).click();
    };

    await calculate('', '70');
    await expect(toast(page).getByText('Please enter valid height and weight values.')).toBeVisible();
    await expectNotCovering(toast(page).locator('.toast'), page.getByRole('button', { name: 'CALCULATE_BMI' }));
    await calculate('90', '70');
    await expect(toast(page).getByText('Height must be between 100-250 cm.')).toBeVisible();
    await calculate('180', '20');
    await expect(toast(page).getByText('Weight must be between 30-300 kg.')).toBeVisible();
    await screenshot(page, `bmi-calculator-error-${viewport.name}`, { fullPage: false });

    await calculate('180', '77.5');
    await expect(toast(page).getByText('Your BMI is 23.9 (Normal)')).toBeVisible();
    await expect(page.getByTestId('bmi-current')).toHaveText('23.9');
    await calculate('180', '81,0'); // a decimal comma, as much of the world types it
    await expect(toast(page).getByText('Your BMI is 25.0 (Overweight)')).toBeVisible();
    await expect(page.getByTestId('bmi-current')).toHaveText('25.0');
    await expect(page.getByTestId('bmi-category')).toHaveText('OVERWEIGHT');
    await expect(page.getByTestId('bmi-trend')).toHaveText('+1.1');
    await expect(page.getByTestId('bmi-count')).toHaveText('2');
    await expect(page.getByRole('img', { name: 'BMI over time' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Weight over time' })).toBeVisible();
    await page.getByRole('img', { name: 'Weight over time' }).scrollIntoViewIfNeeded();
    await screenshot(page, `bmi-progress-${viewport.name}`);
  });
}
