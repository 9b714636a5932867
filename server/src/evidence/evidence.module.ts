import { Module } from '@nestjs/common';

import { EvidenceService } from './evidence.service';
import { PersonDetector } from './models/person-detector';
import { TextReader } from './models/text-reader';

/** What proof files and report images show, read on this machine (see EvidenceService). */
@Module({
  providers: [EvidenceService, PersonDetector, TextReader],
  exports: [EvidenceService],
})
export class EvidenceModule {}
