// `npm run screenshots`: every page of the four route trees at 390×844 and 1280×800, light and
// dark, into screenshots/ (not committed), so anyone can look at the product without clicking.
// Starts its own e2e server with demo data (E2E_PORT_BASE, default 3200).
// SCREENSHOTS_ROLES=visitor,player limits the roles.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chooseTheme, demoIds, demoRoutes, openSettled, signInAs, type Role, type Theme } from '../e2e/support/demo-routes';
import { chromiumFlags, chromiumPath, startDemoServer } from './e2e-server';
import { ensureWebBuild, root } from './build.mjs';

const viewports = [
  { name: 'celular', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];
const themes: Theme[] = ['light', 'dark'];
const allRoles: Role[] = ['visitor', 'player', 'organiser', 'admin'];
const roles = process.env.SCREENSHOTS_ROLES ? (process.env.SCREENSHOTS_ROLES.split(',') as Role[]) : allRoles;
const outDir = path.join(root, 'screenshots');

ensureWebBuild();
const server = await startDemoServer(Number(process.env.E2E_PORT_BASE ?? 3200));
// --lang makes the date inputs read dd/mm/aaaa, as on a Brazilian phone.
const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumFlags, '--lang=pt-BR'] });
let count = 0;
const failures: string[] = [];
try {
  const ids = await demoIds(server.baseURL);
  fs.rmSync(outDir, { recursive: true, force: true });
  for (const theme of themes) {
    for (const viewport of viewports) {
      const folder = path.join(outDir, `${theme === 'dark' ? 'escuro' : 'claro'}-${viewport.width}`);
      fs.mkdirSync(folder, { recursive: true });
      for (const role of roles) {
        const context = await browser.newContext({
          baseURL: server.baseURL,
          viewport: { width: viewport.width, height: viewport.height },
          deviceScaleFactor: 1,
          isMobile: viewport.width < 768,
          hasTouch: viewport.width < 768,
          locale: 'pt-BR',
          timezoneId: 'America/Sao_Paulo',
          reducedMotion: 'reduce',
        });
        const page = await context.newPage();
        await chooseTheme(page, theme);
        if (role !== 'visitor') await signInAs(page, role);
        for (const route of demoRoutes(role, ids)) {
          const file = path.join(folder, `${role}-${route.name}.png`);
          try {
            await openSettled(page, route.path);
            await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
            count += 1;
          } catch (error) {
            failures.push(`${route.path} (${role}, ${theme}, ${viewport.width}px): ${(error as Error).message.split('\n')[0]}`);
          }
        }
        await context.close();
      }
      console.log(`✓ ${path.relative(root, folder)}`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`${count} capturas em ${path.relative(root, outDir)}/`);
if (failures.length > 0) {
  console.error(`Falharam ${failures.length}:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
