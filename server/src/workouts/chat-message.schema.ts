import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

import type { ChatTurn } from '../contract';

/** One turn of a user's coach conversation (their message or the coach's reply), kept so it shows again after a reload. */
@Schema({ collection: 'chat_messages', versionKey: false, timestamps: false })
export class ChatMessage {
  @Prop({ type: SchemaTypes.ObjectId, required: true }) userId!: Types.ObjectId;
  @Prop({ type: String, required: true }) role!: ChatTurn['role'];
  @Prop({ type: String, required: true }) content!: string;
  /** Set by the code, not by Mongoose, so a reply is always a millisecond after its message. */
  @Prop({ type: Date, required: true }) createdAt!: Date;
}

export const ChatMessageSchema = SchemaFactory.createForClass(ChatMessage);
ChatMessageSchema.index({ userId: 1, createdAt: -1 });
