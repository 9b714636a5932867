import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

import type { UploadMime } from '../contract';

export type UploadStatus = 'pending' | 'finished';

/** One file a user was allowed to upload: its limits, and once stored, what it really is. */
@Schema({ collection: 'uploads', versionKey: false, timestamps: { createdAt: true, updatedAt: false } })
export class Upload {
  @Prop({ type: SchemaTypes.ObjectId, required: true, index: true }) owner!: Types.ObjectId;
  @Prop({ required: true }) purpose!: string;
  /** The purpose's limit, or the size the client announced (then the file must be exactly that). */
  @Prop({ required: true }) maxBytes!: number;
  @Prop({ type: Number, default: null }) announcedSize!: number | null;
  @Prop({ type: [String], required: true }) allowedTypes!: UploadMime[];
  @Prop({ type: String, default: 'pending' }) status!: UploadStatus;
  @Prop({ type: Number, default: null }) size!: number | null;
  @Prop({ type: String, default: null }) mime!: UploadMime | null;
  @Prop({ type: String, default: null }) sha256!: string | null;
  /** Until when the upload URL works; a pending upload past it is swept with its file. */
  @Prop({ required: true }) expiresAt!: Date;
  /** When retention deleted the stored bytes (the record stays); null while they are kept. */
  @Prop({ type: Date, default: null }) fileRemovedAt!: Date | null;

  createdAt!: Date;
}

export const UploadSchema = SchemaFactory.createForClass(Upload);
UploadSchema.index({ status: 1, expiresAt: 1 });
// Retention's sweep: finished uploads whose bytes are still stored, by age.
UploadSchema.index({ status: 1, fileRemovedAt: 1, createdAt: 1 });
