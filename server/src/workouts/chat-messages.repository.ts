import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';

import { Id, toObjectId, toView, View } from '../database/object-id';
import { ChatMessage } from './chat-message.schema';

type StoredChatMessage = ChatMessage & { _id: Types.ObjectId };
export type ChatMessageRecord = View<StoredChatMessage>;

/** The one owner of the `chat_messages` collection (each user's coach conversation). */
@Injectable()
export class ChatMessagesRepository {
  constructor(@InjectModel(ChatMessage.name) private readonly messages: Model<ChatMessage>) {}

  /** The user's message and the coach's reply, stored together in the order they were said. */
  async appendExchange(userId: Id, message: string, reply: string, at: Date): Promise<void> {
    const owner = toObjectId(userId);
    await this.messages.insertMany([
      { userId: owner, role: 'user', content: message, createdAt: at },
      { userId: owner, role: 'assistant', content: reply, createdAt: new Date(at.getTime() + 1) },
    ]);
  }

  /** `(userId, createdAt)`: the latest `limit` turns, oldest first. */
  async listRecent(userId: Id, limit: number): Promise<ChatMessageRecord[]> {
    const newest = await this.messages
      .find({ userId: toObjectId(userId) })
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit)
      .lean<StoredChatMessage[]>()
      .exec();
    return newest.reverse().map(toView);
  }

  /** `(userId, createdAt)`: forgets all but the latest `count` turns, so a conversation stays bounded. */
  async keepLatest(userId: Id, count: number): Promise<void> {
    const owner = toObjectId(userId);
    const [oldestKept] = await this.messages
      .find({ userId: owner }, { createdAt: 1 })
      .sort({ createdAt: -1, _id: -1 })
      .skip(count - 1)
      .limit(1)
      .lean()
      .exec();
    if (oldestKept) await this.messages.deleteMany({ userId: owner, createdAt: { $lt: oldestKept.createdAt } }).exec();
  }

  /** `(userId, createdAt)` by its prefix: the whole conversation; answers how many turns went. */
  async deleteAll(userId: Id): Promise<number> {
    const { deletedCount } = await this.messages.deleteMany({ userId: toObjectId(userId) }).exec();
    return deletedCount;
  }
}
