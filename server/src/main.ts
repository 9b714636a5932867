import 'reflect-metadata';

import { startHttp } from './http';
import { exitOnStartupFailure } from './observability/startup-failure';

startHttp().catch((err: unknown) => exitOnStartupFailure(err, 'Http'));
