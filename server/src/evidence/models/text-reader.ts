import { dirname, join } from 'node:path';

import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';

import { type GreyImage, toPgm } from '../pixels.rules';
import { LazyEngine } from './lazy-engine';

export interface Reading {
  /** Page layout: AUTO for documents and screenshots, SPARSE_TEXT for a few words anywhere in a photo. */
  layout: PSM.AUTO | PSM.SPARSE_TEXT;
  /** Only these characters may be read (all when absent). */
  alphabet?: string;
}

/**
 * English LSTM data inside @tesseract.js-data/eng (the integer "best" model tesseract.js itself
 * picks for LSTM-only reading), read from disk with no cache written anywhere: nothing is fetched.
 */
async function startTesseract(): Promise<Worker> {
  const langPath = join(dirname(require.resolve('@tesseract.js-data/eng')), '4.0.0_best_int');
  const worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' });
  // The pictures come as plain PGM without a resolution: a stated one keeps the engine from guessing.
  // Its notes ("Detected 40 diacritics") go to a debug file, not the worker's stderr.
  await worker.setParameters({ user_defined_dpi: '300', debug_file: '/dev/null' });
  return worker;
}

/**
 * Reads text in pictures with tesseract.js (WebAssembly in its own thread). Loaded once per worker
 * process on first use; a reading past its deadline stops the engine and the next starts afresh.
 */
@Injectable()
export class TextReader implements OnModuleDestroy {
  private readonly engine = new LazyEngine<Worker>('text reading', startTesseract, async (worker) => {
    await worker.terminate();
  });

  read(image: GreyImage, reading: Reading, deadline: number): Promise<string> {
    return this.engine.run(async (worker) => {
      await worker.setParameters({
        tessedit_pageseg_mode: reading.layout,
        tessedit_char_whitelist: reading.alphabet ?? '',
      });
      const { data } = await worker.recognize(toPgm(image));
      return data.text;
    }, deadline);
  }

  onModuleDestroy(): Promise<void> {
    return this.engine.close();
  }
}
