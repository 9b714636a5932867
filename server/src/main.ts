import 'reflect-metadata';
import { startHttp } from './http';

startHttp().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
