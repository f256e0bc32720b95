// The part of the official `braintree` SDK (which ships no types) that braintree.processor.ts uses, as the
// SDK's own sources (lib/braintree/*.js) define it.
declare module 'braintree' {
  export class Environment {
    constructor(
      server: string,
      port: string,
      authUrl: string,
      ssl: boolean,
      graphQLServer?: string,
      graphQLPort?: string,
    );
    static Sandbox: Environment;
    static Production: Environment;
  }

  export interface ValidationError {
    attribute: string;
    code: string;
    message: string;
  }

  export interface CreditCard {
    token?: string;
    last4?: string;
    cardType?: string;
  }

  export interface Transaction {
    id: string;
    status: string;
    amount: string;
    orderId?: string;
    processorResponseCode?: string;
    processorResponseText?: string;
    gatewayRejectionReason?: string | null;
    refundIds?: string[];
    creditCard?: CreditCard;
  }

  export interface Verification {
    status: string;
    processorResponseCode?: string;
    gatewayRejectionReason?: string | null;
  }

  export interface Customer {
    id: string;
    creditCards?: CreditCard[];
  }

  export type Result<T extends object> =
    | ({ success: true } & T)
    | {
        success: false;
        message: string;
        errors: { deepErrors(): ValidationError[] };
        transaction?: Transaction;
        verification?: Verification;
        creditCardVerification?: Verification;
      };

  export class BraintreeGateway {
    constructor(config: {
      environment: Environment;
      merchantId: string;
      publicKey: string;
      privateKey: string;
      timeout?: number;
    });
    clientToken: { generate(params: { customerId?: string }): Promise<Result<{ clientToken: string }>> };
    transaction: {
      sale(attributes: Record<string, unknown>): Promise<Result<{ transaction: Transaction }>>;
      refund(
        transactionId: string,
        options: { amount?: string; orderId?: string },
      ): Promise<Result<{ transaction: Transaction }>>;
      void(transactionId: string): Promise<Result<{ transaction: Transaction }>>;
      find(transactionId: string): Promise<Transaction>;
    };
    customer: {
      create(attributes: Record<string, unknown>): Promise<Result<{ customer: Customer }>>;
    };
  }

  const braintree: {
    BraintreeGateway: typeof BraintreeGateway;
    Environment: typeof Environment;
  };
  export default braintree;
}
